// components/index.tsx: named exports that start with a capital are components of every .mdx page.
export function Price({ amount, per }: { amount: number; per: 'month' | 'year' }) {
  return (
    <strong className="price">
      ${amount} a {per}
    </strong>
  );
}

export function Since({ version }: { version: string }) {
  return <span className="since">Since {version}</span>;
}
