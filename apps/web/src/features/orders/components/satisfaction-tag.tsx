import { StarFilled } from '@ant-design/icons';
import { Tag } from 'antd';
import { satisfactionOf } from '@portal/domain/customer-page';

const COLOR = { good: 'green', neutral: 'gold', bad: 'red', none: 'default' } as const;

/** 满意度 of an order (issue 47): the customer's stars and their band; nothing until rated. */
export function SatisfactionTag({ score }: { score: number | null | undefined }) {
  if (!score) return null;
  const band = satisfactionOf(score);
  return (
    <Tag color={COLOR[band.value]} icon={<StarFilled />} data-testid="satisfaction-tag" data-score={score}>
      满意度 {score}星·{band.label}
    </Tag>
  );
}
