/** @jest-environment ./web/test/dom-environment.cjs */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { ConfirmProvider, useConfirm, type ConfirmOptions } from './confirm-dialog';
import { UNSAVED_CHANGES_TITLE, useUnsavedChangesGuard } from './unsaved-changes';

function AskButton({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (answer: boolean) => void }) {
  const { confirm } = useConfirm();
  return <button onClick={() => void confirm(options).then(onAnswer)}>Ask</button>;
}

function ask(options: ConfirmOptions) {
  const answers: boolean[] = [];
  render(
    <ConfirmProvider>
      <AskButton options={options} onAnswer={(a) => answers.push(a)} />
    </ConfirmProvider>,
  );
  return answers;
}

describe('the confirmation modal (SPEC 4)', () => {
  it('resolves true on confirm and closes', async () => {
    const answers = ask({ title: 'Delete page?', confirmLabel: 'Delete', danger: true });
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete page?' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
    expect(dialog).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(answers).toEqual([true]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('resolves false on cancel, on Escape and on a click outside', async () => {
    const answers = ask({ title: 'Leave?' });
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await userEvent.click(document.querySelector('.ow-modal-backdrop')!);
    await waitFor(() => expect(answers).toEqual([false, false, false]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('stays open after confirming when auto-close is off, and can leave out the cancel button', async () => {
    const answers = ask({ title: 'Publishing', autoClose: false, cancelLabel: null, confirmLabel: 'OK' });
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(answers).toEqual([true]));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});

function Editor() {
  const [text, setText] = useState('');
  useUnsavedChangesGuard(text !== '');
  return (
    <>
      <label>
        Title <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
}

describe('the unsaved-changes guard', () => {
  function renderEditor() {
    const router = createMemoryRouter([{ path: '/', element: <Editor /> }, { path: '/elsewhere', element: <h1>Elsewhere</h1> }], { initialEntries: ['/'] });
    render(
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>,
    );
    return router;
  }

  it('lets a clean editor go', async () => {
    const router = renderEditor();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('asks before leaving unsaved changes: keep editing stays, discard leaves', async () => {
    const router = renderEditor();
    await userEvent.type(screen.getByLabelText('Title'), 'Draft');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES_TITLE })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Draft');

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('asks the browser before the tab closes with unsaved changes', async () => {
    renderEditor();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await userEvent.type(screen.getByLabelText('Title'), 'Draft');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
