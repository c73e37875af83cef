/**
 * A sentence with some of its words made a link. The sentence stays whole in
 * one string (never rebuilt from parts); when the words are not in it, it is
 * shown as plain text.
 */
export function LinkedText({ text, link }: { text: string; link: { text: string; href: string } }) {
  const at = text.indexOf(link.text);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <a className="sfw-link" href={link.href}>
        {link.text}
      </a>
      {text.slice(at + link.text.length)}
    </>
  );
}
