// theme/PageTitle.tsx: the page's h1, with a "Beta" mark for pages whose frontmatter says beta: true.
import type { PartProps, WithDefault } from 'pagewright/theme';

export default function PageTitle({ Default, title, page }: WithDefault<PartProps['PageTitle']>) {
  if (page.frontmatter.beta !== true) return <Default title={title} page={page} />;
  return <Default title={`${title} (beta)`} page={page} />;
}
