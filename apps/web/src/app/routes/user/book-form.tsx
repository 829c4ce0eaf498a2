import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { BookForm } from '@/features/book-form/components/book-form';

/** The member's add/edit book page (both of the specification's addresses lead here). */
export default function Route() {
  const { id } = useParams();
  const navigate = useNavigate();
  return <BookForm key={id ?? 'new'} variant="member" bookId={id} onSaved={() => void navigate(paths.user.books)} />;
}
