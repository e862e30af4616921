import { Image, QRCode, Skeleton } from 'antd';
import { PICTURE_EXT, extOf } from '@portal/domain/files';
import { useConfigValue } from '../../../lib/site-config';
import { fileUrlOf } from '../../../components/upload';

/** An image the operators uploaded (data URL, or a picture path/URL) rather than a payment link. */
function isImage(value: string) {
  return value.startsWith('data:image/') || (PICTURE_EXT as readonly string[]).includes(extOf(value));
}

/** The platform's payment QR code from config shoukuanQrcode: shown as an image, or drawn from the link. */
export function PaymentQr() {
  const { value, loading } = useConfigValue('shoukuanQrcode');
  if (loading) return <Skeleton.Image active style={{ width: 180, height: 180 }} />;
  if (!value) return <div className="wallet-muted">收款码暂未配置，请联系平台客服</div>;
  return (
    <div className="payment-qr">
      {isImage(value) ? (
        <Image src={fileUrlOf(value)} alt="收款二维码" width={180} height={180} />
      ) : (
        <QRCode value={value} size={180} bordered aria-label="收款二维码" />
      )}
      <div className="payment-qr__hint">请使用微信或支付宝扫码付款，付款后上传支付凭证截图</div>
    </div>
  );
}
