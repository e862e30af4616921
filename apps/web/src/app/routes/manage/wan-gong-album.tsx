import { PlaceholderScreen } from '../../../components/placeholder-screen';

export default function WanGongAlbumScreen() {
  return <PlaceholderScreen title="完工图库" />;
}
