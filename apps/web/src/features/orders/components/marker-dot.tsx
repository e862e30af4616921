/** The swatch of a marker colour (red, gray, yellow, green, blue, purple). */
const SWATCH: Record<string, string> = {
  red: '#f5222d',
  gray: '#8c8c8c',
  yellow: '#fadb14',
  green: '#52c41a',
  blue: '#1677ff',
  purple: '#722ed1',
};

export function MarkerDot({ color }: { color: string }) {
  return (
    <span
      aria-hidden
      style={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', background: SWATCH[color] ?? SWATCH.gray, verticalAlign: 'middle' }}
    />
  );
}
