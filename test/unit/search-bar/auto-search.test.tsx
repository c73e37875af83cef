/** The search-bar form and its auto-search (spec §4, §5, §9). */
import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { backend } from '../../../demo-pages/mock/node';
import { trending } from '../../../demo-pages/mock/catalog';
import { bar, options, searches, searchFor, setup, status, type, useFakeClock } from './bar';

useFakeClock();

describe('search-bar form (spec §5 Search)', () => {
  it('is a GET form to /search with field q and maxlength 80', () => {
    const input = setup();
    const form = input.closest('form')!;
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    expect(input.getAttribute('name')).toBe('q');
    expect(input.getAttribute('maxlength')).toBe('80');
    expect(screen.getByRole('search')).toBe(form);
  });

  it('disables the submit button while the query is empty or whitespace', () => {
    const input = setup();
    const submit = screen.getByRole('button', { name: 'Search' });
    expect(submit).toHaveProperty('disabled', true);
    type(input, '   ');
    expect(submit).toHaveProperty('disabled', true);
    type(input, ' a');
    expect(submit).toHaveProperty('disabled', false);
    type(input, '');
    expect(submit).toHaveProperty('disabled', true);
  });

  it('never keeps more than 80 characters, even when pasted past maxlength', async () => {
    const input = setup();
    type(input, 'x'.repeat(100));
    expect((input as HTMLInputElement).value).toHaveLength(80);
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(searches()).toEqual(['x'.repeat(80)]));
  });
});

describe('auto-search (spec §4, §5, §9)', () => {
  it('sends nothing under 3 characters, and the trending panel shows instead', async () => {
    const input = setup();
    act(() => input.focus());
    type(input, 'p');
    type(input, 'po');
    type(input, '  po  ');
    await vi.advanceTimersByTimeAsync(2000);
    expect(searches()).toEqual([]);
    await waitFor(() => expect(screen.getByRole('group', { name: 'Trending Searches' })).toBeTruthy());
  });

  it('sends one request after 500 ms of quiet, with the last query', async () => {
    backend.delay('/auto-search', 100);
    const input = setup();
    act(() => input.focus());
    type(input, 'pok');
    await vi.advanceTimersByTimeAsync(300);
    type(input, 'poke');
    await vi.advanceTimersByTimeAsync(300);
    expect(searches()).toEqual([]); // 600 ms after 'pok', but only 300 ms of quiet
    await vi.advanceTimersByTimeAsync(250);
    await waitFor(() => expect(searches()).toEqual(['poke']));
    expect(status().textContent).toBe('Loading results…');
    await waitFor(() => expect(status().textContent).toBe('14 results'));
    expect(options()).toHaveLength(8);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await vi.advanceTimersByTimeAsync(2000);
    expect(searches()).toEqual(['poke']);
  });

  it('the result count is said while the suggestions show, and gone once they close (Escape, or Tab away)', async () => {
    const input = setup();
    act(() => input.focus());
    await searchFor(input, 'poke');
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(status().textContent).toBe(''));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(status().textContent).toBe('14 results'));
    act(() => input.blur());
    await waitFor(() => expect(status().textContent).toBe(''));
  });

  it('never shows a slow answer for an older query', async () => {
    backend.delay('/auto-search', (body) => (body.q === 'pok' ? 800 : 10));
    const input = setup();
    act(() => input.focus());
    type(input, 'pok');
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(searches()).toEqual(['pok']));
    type(input, 'poke');
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(searches()).toEqual(['pok', 'poke']));
    const marks = () => [...document.querySelectorAll('[role="option"] mark')].map((m) => m.textContent);
    await waitFor(() => expect(marks()[0]).toBe('Poké'));
    // Well past the moment the 'pok' answer would have arrived.
    await vi.advanceTimersByTimeAsync(1500);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(new Set(marks())).toEqual(new Set(['Poké']));
    expect(screen.queryByRole('link', { name: 'View All Results' })?.getAttribute('href')).toBe('/search?q=poke');
  });

  it('ignores a failure silently: old suggestions go, nothing is shown, nothing is thrown', async () => {
    const errors = vi.spyOn(console, 'error');
    const input = setup();
    act(() => input.focus());
    await searchFor(input, 'poke');
    expect(options().length).toBeGreaterThan(0);

    backend.fail('/auto-search', '500');
    type(input, 'pokemon');
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(searches()).toEqual(['poke', 'pokemon']));
    await waitFor(() => expect(options()).toHaveLength(0));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(status().textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('treats a malformed answer like a failure', async () => {
    backend.fail('/auto-search', 'malformed');
    const input = setup();
    act(() => input.focus());
    type(input, 'poke');
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(searches()).toEqual(['poke']));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(options()).toHaveLength(0);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows View All Results only with more than 3 results', async () => {
    const input = setup();
    act(() => input.focus());
    await searchFor(input, '151');
    expect(status().textContent).toBe('2 results');
    expect(screen.queryByRole('link', { name: 'View All Results' })).toBeNull();
    await searchFor(input, 'topps chrome');
    expect(status().textContent).toBe('4 results');
    expect(screen.getByRole('link', { name: 'View All Results' }).getAttribute('href')).toBe('/search?q=topps+chrome');
  });
});
