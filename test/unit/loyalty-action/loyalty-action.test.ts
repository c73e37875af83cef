import { waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { setState } from '../../../shared/runtime/page';
import island from '../../../widgets/loyalty-action/island';

function hook(props: string) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Share this page';
  button.setAttribute('data-widget', 'loyalty-action');
  button.setAttribute('data-props', props);
  document.body.append(button);
  // As the runtime mounts it (the hook's state is the runtime's to write).
  setState(button, 'loading');
  return { button, unmount: island.mount(button, { ready: () => setState(button, 'ready'), failed: () => setState(button, 'failed') }) };
}

const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms));

describe('loyalty-action', () => {
  it('a click posts /loyalty-add with the type; each later click posts again', async () => {
    const { button } = hook('{"type":"share"}');
    button.click();
    await waitFor(() => expect(backend.callsTo('/loyalty-add')).toHaveLength(1));
    expect(backend.callsTo('/loyalty-add')[0]!.body).toEqual({ type: 'share' });
    await tick();
    button.click();
    await waitFor(() => expect(backend.callsTo('/loyalty-add')).toHaveLength(2));
    expect(button.textContent).toBe('Share this page');
  });

  it('clicks while a call is in flight send nothing more', async () => {
    backend.delay('/loyalty-add', 40);
    const { button } = hook('{"type":"share"}');
    button.click();
    button.click();
    button.click();
    await tick(100);
    expect(backend.callsTo('/loyalty-add')).toHaveLength(1);
  });

  it('a failure is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    backend.fail('/loyalty-add', '500');
    const { button } = hook('{"type":"share"}');
    button.click();
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('Loyalty points for "share" failed'), expect.anything()));
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('after unmount a click sends nothing', async () => {
    const { button, unmount } = hook('{"type":"share"}');
    unmount();
    button.click();
    await tick();
    expect(backend.callsTo('/loyalty-add')).toHaveLength(0);
  });

  it.each(['{}', '{"type":""}', '{"type":"  "}', 'not json'])('bad props %s: one clear error, no wiring', async (props) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { button } = hook(props);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('loyalty-action');
    expect(button.getAttribute('data-island')).toBe('failed');
    button.click();
    await tick();
    expect(backend.callsTo('/loyalty-add')).toHaveLength(0);
  });
});
