import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { BookForm } from '@/features/book-form/components/book-form';

/** The admin's add/edit book page; after saving it returns to Books Management. */
export default function AdminBookFormRoute() {
  const { id } = useParams();
  const navigate = useNavigate();
  return <BookForm key={id ?? 'new'} variant="admin" bookId={id} onSaved={() => void navigate(paths.admin.books)} />;
}
