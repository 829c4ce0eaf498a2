import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { json, stubServer } from '@/test/server';
import { BookForm } from './book-form';

const renderForm = (variant: 'admin' | 'member') =>
  renderWithProviders(<BookForm variant={variant} onSaved={() => {}} />);

afterEach(() => vi.restoreAllMocks());

describe('BookForm', () => {
  it('shows every field of the specification for a new book', () => {
    renderForm('member');
    expect(screen.getByRole('heading', { name: 'Add New Book' })).toBeInTheDocument();
    for (const label of [
      'Title',
      'Price',
      'Category',
      'Author',
      'Upload Cover Image',
      'Upload Book',
      'Upload EPUB',
      'Short Story',
      'Description',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('group', { name: 'Meta Information' })).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveAttribute('type', 'number');
    expect(screen.getByText('Enter 0 for Free.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Book' })).toBeEnabled();
  });

  it('lets an admin type Free as the price', () => {
    renderForm('admin');
    expect(screen.getByLabelText('Price')).toHaveAttribute('type', 'text');
  });

  it('warns with the Validation Error dialog and sends nothing when something required is missing', async () => {
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    renderForm('admin');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Moby Dick');
    await user.click(screen.getByRole('button', { name: 'Save Book' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Validation Error' })).toBeInTheDocument());
    // The very fields left empty, named in plain words (the title was typed).
    expect(document.querySelector('.swal2-html-container')).toHaveTextContent(
      /^Please add the (price, )?category, author, cover image, book file \(PDF or EPUB\), short story and description\.$/,
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a cover that is not an image before uploading', async () => {
    renderForm('admin');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByLabelText('Upload Cover Image'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(screen.getByText('The cover must be a JPEG, PNG or WebP image.')).toBeInTheDocument();
    expect(screen.queryByAltText('Cover preview')).not.toBeInTheDocument();
  });

  it('fills empty fields from a chosen EPUB and keeps what was typed', async () => {
    const asked: { url: string; file: unknown }[] = [];
    stubServer((url, init) => {
      asked.push({ url, file: (init.body as FormData).get('epub') });
      return json({
        title: 'The Keeper of the Light',
        authors: ['Ada Fairweather'],
        language: 'en',
        identifier: '',
        isbn: '',
        description: 'A lighthouse in a storm.',
        publisher: '',
        date: '1911',
        subjects: [],
        hasCover: false,
      });
    });
    renderForm('member');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'My own title');
    const epub = new File(['PK'], 'keeper.epub', { type: 'application/epub+zip' });
    await user.upload(screen.getByLabelText('Upload EPUB'), epub);
    await waitFor(() =>
      expect(screen.getByTestId('epub-note')).toHaveTextContent(
        'Filled in from the EPUB: Author, Description, Language, Publish Year, Format.',
      ),
    );
    expect(asked).toEqual([{ url: '/api/books/epub-metadata', file: epub }]);
    expect(screen.getByLabelText('Title')).toHaveValue('My own title');
    expect(screen.getByLabelText('Author')).toHaveValue('Ada Fairweather');
    expect(screen.getByLabelText('Description')).toHaveValue('A lighthouse in a storm.');
    expect(screen.getByLabelText('Language')).toHaveValue('en');
    expect(screen.getByTestId('epub-status')).toHaveTextContent('EPUB uploaded');
  });

  it('says in plain words why an EPUB was refused, and forgets it', async () => {
    stubServer(() =>
      json({ msg: 'This EPUB is encrypted (DRM) and cannot be sold here.', code: 'EPUB_ENCRYPTED' }, 422),
    );
    renderForm('admin');
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('Upload EPUB'),
      new File(['PK'], 'locked.epub', { type: 'application/epub+zip' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This EPUB is encrypted (DRM) and cannot be sold here.');
    expect(screen.queryByTestId('epub-status')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });
});
