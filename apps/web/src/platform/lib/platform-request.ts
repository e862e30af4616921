import { PLATFORM_API } from '@portal/domain/api-paths';
import { ROLE } from '@portal/domain/enums';
import type { UploadVia } from '../../components/upload';
import { paths } from '../../config/paths';
import { createHttpClient } from '../../lib/http-client';
import { platformToken } from '../../lib/token-store';

/** The operator console's client: role header 'platform' and its own token, apart from the vendor's. */
export const platformHttp = createHttpClient({
  role: ROLE.platform,
  token: platformToken,
  loginHref: () => paths.platform.login.getHref(),
});

/** The console's uploads: same folders and checks as the vendor's, recorded as the operator's (decision 097). */
export const PLATFORM_UPLOADS: UploadVia = { client: platformHttp, uploadPath: PLATFORM_API.uploadFile, tokenPath: PLATFORM_API.ossToken };
