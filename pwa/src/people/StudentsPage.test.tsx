import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, USERS, type FakeRoute } from '../test/fetchMock';
import { choose, getField, optionTexts } from '../test/fields';
import { renderAt } from '../test/renderApp';
import { prepareScreenTests, findAlert, findToast, openAlertDialog, queriesTo, useWideLayout, type ToastElement } from '../test/adminTestUtils';

prepareScreenTests();

const student = (i: number) => ({ id: `5${String(i).padStart(23, '0')}`, name: `Student ${i}`, email: `s${i}@example.test` });
const CARA = { id: 'c3c3c3c3c3c3c3c3c3c3c3c3', name: 'Cara Diaz', email: 'cara@example.test' };

function setup(path: string, routes: Record<string, FakeRoute>, wide = true) {
  useWideLayout(wide);
  const fetchSpy = mockFetch({ 'GET /auth/current_user': { body: USERS.admin }, ...routes });
  renderAt(path);
  return { fetchSpy, user: userEvent.setup() };
}

async function rowOf(name: string): Promise<HTMLElement> {
  return (await screen.findByText(name)).closest('tr, li') as HTMLElement;
}

describe('the admin student list (docs/product.md#student-list)', { timeout: 30_000 }, () => {
  it('shows "Search for students", the columns and an "Assign Courses" link per student', async () => {
    setup('/admin/students', { 'GET /api/admin/students': { body: { students: [CARA], total: 1 } } });
    const row = await rowOf('Cara Diaz');
    const table = row.closest('table') as HTMLElement;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Name', 'Email', 'Action']);
    expect(getField('Search for students')).toMatchObject({ type: 'search', value: '' });
    expect(within(row).getByRole('link', { name: 'Assign Courses to Cara Diaz' })).toHaveAttribute('href', `/admin/student/assign-courses/${CARA.id}`);
    expect(within(row).getByRole('link', { name: /Assign Courses/ })).toHaveTextContent('Assign Courses');
  });

  it('pages with "Rows per page:" 10/25/50/100 and "from–to of count", back to page 1 on a new page size', async () => {
    const { fetchSpy, user } = setup('/admin/students', {
      'GET /api/admin/students': (request) => {
        const params = new URL(request.url).searchParams;
        const page = Number(params.get('page'));
        const size = Number(params.get('rowsPerPage'));
        const all = Array.from({ length: 57 }, (_, i) => student(i));
        return { body: { students: all.slice((page - 1) * size, page * size), total: all.length } };
      },
    });
    await screen.findByText('Student 0');
    const size = getField('Rows per page:');
    expect(size.value).toBe(10);
    expect(optionTexts(size)).toEqual(['10', '25', '50', '100']);
    expect(screen.getByText('1–10 of 57')).toBeInTheDocument();
    expect(screen.getByLabelText('Previous page')).toBeDisabled();

    await user.click(screen.getByLabelText('Next page'));
    await user.click(screen.getByLabelText('Next page'));
    expect(await screen.findByText('21–30 of 57')).toBeInTheDocument();
    expect(await screen.findByText('Student 25')).toBeInTheDocument();

    choose(size, 50);
    expect(await screen.findByText('1–50 of 57')).toBeInTheDocument();
    const last = queriesTo(fetchSpy, '/api/admin/students').at(-1);
    expect([last?.get('page'), last?.get('rowsPerPage')]).toEqual(['1', '50']);
    await user.click(screen.getByLabelText('Next page'));
    expect(await screen.findByText('51–57 of 57')).toBeInTheDocument();
    expect(screen.getByLabelText('Next page')).toBeDisabled();
  });

  it('confirms a delete in "Confirm Delete", shows the snackbar and reloads the list', async () => {
    let deleted = false;
    const { fetchSpy, user } = setup('/admin/students', {
      'GET /api/admin/students': () => ({ body: deleted ? { students: [], total: 0 } : { students: [CARA], total: 1 } }),
      [`DELETE /api/admin/students/${CARA.id}`]: () => {
        deleted = true;
        return { status: 204 };
      },
    });
    await user.click(within(await rowOf('Cara Diaz')).getByRole('button', { name: 'Delete Cara Diaz' }));
    const dialog = await findAlert();
    expect(dialog).toHaveAccessibleName('Confirm Delete');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this student? This action cannot be undone.');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Delete']);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect((await findToast('Student deleted successfully!')).duration).toBe(6000);
    await waitFor(() => expect(openAlertDialog()).toBeNull());
    expect(await screen.findByText('No students found.')).toBeInTheDocument();
    expect(queriesTo(fetchSpy, '/api/admin/students')).toHaveLength(2);
  });

  it('closes the dialog without a snackbar when the delete fails (logged only)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = setup('/admin/students', {
      'GET /api/admin/students': { body: { students: [CARA], total: 1 } },
      [`DELETE /api/admin/students/${CARA.id}`]: { status: 500, body: { error: { code: 'internal_error', message: 'x' } } },
    });
    await user.click(within(await rowOf('Cara Diaz')).getByRole('button', { name: 'Delete Cara Diaz' }));
    await user.click(within(await findAlert()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(openAlertDialog()).toBeNull());
    expect(logged).toHaveBeenCalled();
    expect(Array.from(document.querySelectorAll<ToastElement>('ion-toast')).map((toast) => toast.message)).not.toContain('Student deleted successfully!');
    expect(screen.getByText('Cara Diaz')).toBeInTheDocument();
  });

  it('Cancel closes the dialog and sends nothing; the next dialog deletes its own row', async () => {
    const other = student(1);
    const { fetchSpy, user } = setup('/admin/students', {
      'GET /api/admin/students': { body: { students: [CARA, other], total: 2 } },
      [`DELETE /api/admin/students/${other.id}`]: { status: 204 },
    });
    await user.click(within(await rowOf('Cara Diaz')).getByRole('button', { name: 'Delete Cara Diaz' }));
    await user.click(within(await findAlert()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(openAlertDialog()).toBeNull());
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(within(await rowOf('Student 1')).getByRole('button', { name: 'Delete Student 1' }));
    await user.click(within(await findAlert()).getByRole('button', { name: 'Delete' }));
    await findToast('Student deleted successfully!');
    const deletes = fetchSpy.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => String(url));
    expect(deletes).toEqual([`/api/admin/students/${other.id}`]);
  });
});

describe('the admin teacher list (docs/product.md#teacher-list)', { timeout: 30_000 }, () => {
  it('has only a delete icon per teacher and the teacher texts', async () => {
    const { user } = setup(
      '/admin/teachers',
      {
        'GET /api/admin/teachers': { body: { teachers: [CARA], total: 1 } },
        [`DELETE /api/admin/teachers/${CARA.id}`]: { status: 204 },
      },
      false,
    );
    const card = await rowOf('Cara Diaz');
    expect(getField('Search for teachers')).toMatchObject({ type: 'search', value: '' });
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Delete Cara Diaz' }));
    const dialog = await findAlert();
    expect(dialog).toHaveTextContent('Are you sure you want to delete this teacher? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await findToast('Teacher deleted successfully!');
  });
});
