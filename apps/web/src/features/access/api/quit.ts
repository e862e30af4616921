import { API } from '@portal/domain/api-paths';
import { http } from '../../../lib/request';
import { vendorToken } from '../../../lib/token-store';

/** POST /api/quit, then forget the token whatever the server said (an expired session is signed out too). */
export async function quit() {
  try {
    await http.post(API.quit, undefined, { silent: true });
  } finally {
    vendorToken.clear();
  }
}
