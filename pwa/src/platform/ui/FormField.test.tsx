import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { choose, fieldError, fieldHelper, getField, setChecked, typeInto } from '../../test/fields';
import { CheckboxField, FieldGroup, FileField, SelectField, TextAreaField, TextField } from './FormField';
import { RadioGroupField } from './RadioGroupField';

describe('the shared form fields (docs/contributing.md#forms-and-fields)', () => {
  it('renders an Ionic input with its visible label, its hint, and in place of the hint its error, which describes the input', async () => {
    const { rerender } = render(<TextField label="Title" helper="A short name" value="" maxLength={20} counter onChange={() => undefined} />);
    const field = getField('Title');
    expect(field.tagName).toBe('ION-INPUT');
    const input = await screen.findByRole('textbox', { name: 'Title' });
    expect(input).toHaveAttribute('maxlength', '20');
    await waitFor(() => expect(input).toHaveAccessibleDescription('A short name'));
    expect(fieldHelper(field)).toBe('A short name');
    expect(field).not.toHaveClass('ion-invalid');

    rerender(<TextField label="Title" helper="A short name" error="Title is required" value="" maxLength={20} counter onChange={() => undefined} />);
    expect(field).toHaveClass('ion-invalid', 'ion-touched');
    expect(fieldError(field)).toBe('Title is required');
    await waitFor(() => expect(input).toHaveAccessibleDescription('Title is required'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('0 / 20')).toBeInTheDocument();
  });

  it('reports every keystroke, whether typed or set as Ionic reports it', async () => {
    const changes: string[] = [];
    function Controlled() {
      const [text, setText] = useState('');
      return <TextAreaField label="Comment" value={text} maxLength={100} onChange={(value) => changes.push(value) && setText(value)} />;
    }
    render(<Controlled />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Comment' }), 'Hi');
    typeInto(getField('Comment'), 'Hello');
    expect(changes).toEqual(['H', 'Hi', 'Hello']);
    expect(getField('Comment').value).toBe('Hello');
    await waitFor(() => expect(screen.getByText('5 / 100')).toBeInTheDocument());
  });

  it('has rendered the last keystroke when the next key is pressed (Enter that sends right after typing)', async () => {
    const sent: string[] = [];
    function Composer() {
      const [text, setText] = useState('');
      return <TextAreaField label="Message" value={text} onChange={setText} onKeyDown={(event) => event.key === 'Enter' && sent.push(text)} />;
    }
    render(<Composer />);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    const field = getField('Message');
    // Ionic's keystroke and the next key, with nothing in between that would let React render.
    field.dispatchEvent(new CustomEvent('ionInput', { detail: { value: 'Hello', event: new Event('input') }, bubbles: true }));
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(sent).toEqual(['Hello']);
  });

  it('submits its form on Enter, as a native input does', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <TextField label="First name" value="" onChange={() => undefined} />
        <button type="submit" hidden />
      </form>,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'First name' }), 'Cleo{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('keeps showing its value when the caller does not take a choice, and the chosen one when it does', () => {
    const asked: number[] = [];
    function Role({ accept }: { accept: boolean }) {
      const [role, setRole] = useState(3);
      return (
        <SelectField
          label="Role"
          value={role}
          options={[
            { value: 3, label: 'Student' },
            { value: 2, label: 'Teacher' },
          ]}
          onChange={(chosen) => {
            asked.push(chosen);
            if (accept) setRole(chosen);
          }}
        />
      );
    }
    const { unmount } = render(<Role accept={false} />);
    choose(getField('Role'), 2);
    expect(asked).toEqual([2]);
    expect(getField('Role').value).toBe(3);
    unmount();

    render(<Role accept />);
    choose(getField('Role'), 2);
    expect(getField('Role').value).toBe(2);
  });

  it('hides a table row’s label from sight but keeps it as the field’s label', () => {
    render(
      <>
        <SelectField label="Role of Ann" hideLabel value="a" options={[{ value: 'a', label: 'A' }]} onChange={() => undefined} />
        <CheckboxField label="Assign Debate" hideLabel checked={false} onChange={() => undefined} />
      </>,
    );
    expect(getField('Role of Ann')).toHaveClass('labelled-field--label-hidden');
    expect(getField('Assign Debate').querySelector('.visually-hidden')).toHaveTextContent('Assign Debate');
  });

  it('ticks a checkbox and chooses a radio as Ionic reports them', async () => {
    const onChecked = vi.fn();
    const onScore = vi.fn();
    render(
      <FieldGroup label="Focus strands" error="Choose at least one strand.">
        <CheckboxField label="Physical" checked={false} onChange={onChecked} />
        <RadioGroupField label="Linguistic" value={undefined} options={[1, 2, 3].map((n) => ({ value: n, label: String(n) }))} error="Give a score." onChange={onScore} />
      </FieldGroup>,
    );
    setChecked(getField('Physical'), true);
    expect(onChecked).toHaveBeenCalledWith(true);
    choose(getField('Linguistic'), 2);
    expect(onScore).toHaveBeenCalledWith(2);
    expect(screen.getByRole('group', { name: 'Focus strands' })).toHaveAccessibleDescription('Choose at least one strand.');
    await waitFor(() => expect(screen.getByRole('radiogroup', { name: 'Linguistic' })).toHaveAccessibleDescription('Give a score.'));
  });

  it('opens the hidden file input from its Ionic button, both named by the label', async () => {
    const onChange = vi.fn();
    render(<FileField label="Upload Course Image:" accept="image/*" error="The image must be at most 5 MB." onChange={onChange} />);
    const input = screen.getByLabelText('Upload Course Image:');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAccessibleDescription('The image must be at most 5 MB.');
    const click = vi.spyOn(input, 'click');
    const button = screen.getByText('Choose a file', { selector: 'ion-button' });
    expect(button).toHaveTextContent('Upload Course Image: Choose a file');
    await userEvent.click(button);
    expect(click).toHaveBeenCalled();
    await userEvent.upload(input, new File(['x'], 'a.png', { type: 'image/png' }));
    expect(onChange).toHaveBeenCalled();
  });
});
