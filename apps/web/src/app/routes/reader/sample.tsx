import { ReaderRoute } from './read';

export default function Route() {
  return <ReaderRoute sample />;
}
