export declare function noteKind(note: string): string;
export declare class RequestReport {
  drop(widget: string, notes: string[]): void;
  leftEmpty(reason: string): void;
  note(text: string): void;
  readonly quiet: boolean;
  line(prefix: string, hookCount: number): string;
}
export declare function rateLimited(write: (line: string) => void, perSecond: number, now?: () => number): ((line: string) => void) & { flush(): void };
