import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { BookForm } from '@/features/book-form/components/book-form';
import { queryKeys } from '@/lib/query-keys';

/** The member's add/edit book page (both of the specification's addresses lead here). */
export default function Route() {
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onSaved = () => {
    // The Books table and the Pending Books tile change with a submission.
    void queryClient.invalidateQueries({ queryKey: queryKeys.books.mine });
    void queryClient.invalidateQueries({ queryKey: queryKeys.memberSummary });
    void navigate(paths.user.books);
  };
  return <BookForm key={id ?? 'new'} variant="member" bookId={id} onSaved={onSaved} />;
}
