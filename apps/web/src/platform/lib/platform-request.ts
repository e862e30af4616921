import { ROLE } from '@portal/domain/enums';
import { paths } from '../../config/paths';
import { createHttpClient } from '../../lib/http-client';
import { platformToken } from '../../lib/token-store';

/** The operator console's client: role header 'platform' and its own token, apart from the vendor's. */
export const platformHttp = createHttpClient({
  role: ROLE.platform,
  token: platformToken,
  loginHref: () => paths.platform.login.getHref(),
});
