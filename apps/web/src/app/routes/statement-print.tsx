import { Button, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAccess } from '../../lib/access';
import { statementMonthQuery } from '../../features/statements/api/statements';
import { StatementSummary } from '../../features/statements/components/statement-summary';
import '../../features/statements/components/statements.css';

/** The print view of one month's statement: A4, no header, footer or buttons on paper. */
export default function StatementPrintScreen() {
  const [params] = useSearchParams();
  const month = params.get('month') ?? '';
  const navigate = useNavigate();
  const { user } = useAccess();
  const detail = useQuery(statementMonthQuery(month));
  return (
    <div className="statement-print">
      <div className="statement-print__actions">
        <Button onClick={() => navigate(paths.manage.statement.getHref())}>返回</Button>
        <Button type="primary" onClick={() => window.print()} disabled={!detail.data}>
          打印
        </Button>
      </div>
      <div className="statement-print__head">
        <h1>月度对账单 {month}</h1>
        <span className="statement-print__meta">{user?.company || user?.name}</span>
      </div>
      {detail.data ? <StatementSummary d={detail.data} /> : <Skeleton active />}
    </div>
  );
}
