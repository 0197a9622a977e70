// theme/Footer.tsx: the default footer, with a licence line under it.
import type { FooterProps, WithDefault } from 'pagewright/theme';

export default function Footer({ Default, text, links }: WithDefault<FooterProps>) {
  return (
    <>
      <Default text={text} links={links} />
      <p className="licence">Text under CC BY 4.0; code samples under the MIT licence.</p>
    </>
  );
}
