/** An empty list says what is missing and offers the next step as a button. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows a title, a line and a link to the next step; the drawing is decoration', () => {
    const { container } = render(
      <MemoryRouter>
        <EmptyState
          symbol="bell"
          title="Je hebt nog geen alerts"
          action={{ label: 'Maak je eerste alert', to: '/dashboard/create' }}
        >
          <p>We laten het je weten zodra er iets nieuws is.</p>
        </EmptyState>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Je hebt nog geen alerts' })).toBeTruthy();
    expect(screen.getByText('We laten het je weten zodra er iets nieuws is.')).toBeTruthy();
    const next = screen.getByRole('link', { name: 'Maak je eerste alert' });
    expect(next.getAttribute('href')).toBe('/dashboard/create');
    // The filled primary button: the one obvious step.
    expect(next.className).toBe('button button--primary');
    const art = container.querySelector('svg.empty-state__art');
    expect(art?.getAttribute('aria-hidden')).toBe('true');
    // It draws the list's symbol in its badge.
    expect(art?.querySelector('.empty-state__symbol path')?.getAttribute('d')).toMatch(/^M6 8a6/);
  });

  it('takes the next step as an action, under the heading level asked for', async () => {
    const clear = vi.fn();
    render(
      <EmptyState
        symbol="search"
        titleAs="h2"
        title="Niets gevonden"
        action={{ label: 'Filters wissen', onClick: clear }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Niets gevonden' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Filters wissen' }));
    expect(clear).toHaveBeenCalledOnce();
  });

  it('without a next step it shows no button', () => {
    render(<EmptyState symbol="link" titleAs="p" title="Nog geen webhooks" />);
    expect(screen.getByText('Nog geen webhooks').tagName).toBe('P');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
