import { Card, Empty } from 'antd';
import { MSG } from '@portal/domain/messages';

/** A screen whose domain is still being built: its title and the spec's empty text. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <Card title={title} variant="borderless">
      <Empty description={MSG.emptyList} />
    </Card>
  );
}
