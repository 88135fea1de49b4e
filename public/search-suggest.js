// Search as you type on the home page: a progressive enhancement of its form, which works the same without it.
// After a pause in typing, the first cards /api/cards finds are listed under the box as links; Enter still submits
// the form to /search. Text goes in with textContent only. A refused request (a 429 from the rate limit, a network
// error) just leaves the list empty: the form is the fallback.
const form = document.querySelector('form[data-suggest]');
const input = form?.querySelector('input[name="q"]');
if (form && input) {
  const PAUSE_MS = 250;
  const SHOWN = 8;
  const status = document.createElement('p');
  status.className = 'muted suggest-status';
  status.setAttribute('aria-live', 'polite');
  const list = document.createElement('ul');
  list.className = 'suggestions';
  list.setAttribute('aria-label', 'Suggested cards');
  form.after(status, list);
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  let timer;
  let inFlight;

  const show = (cards, total, query) => {
    list.replaceChildren(
      ...cards.map((card) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = `/cards/${encodeURIComponent(card.slug)}`;
        link.textContent = card.exactName;
        item.append(link, ` ${card.valueUsd === null ? 'Unpriced' : usd.format(card.valueUsd)}`);
        return item;
      }),
    );
    status.textContent = query ? `${total} card${total === 1 ? '' : 's'} match “${query}”; press Enter to see them all.` : '';
  };

  const suggest = async () => {
    const query = input.value.trim();
    inFlight?.abort();
    if (query.length < 2) return show([], 0, '');
    inFlight = new AbortController();
    try {
      const response = await fetch(`/api/cards?q=${encodeURIComponent(query)}&limit=${SHOWN}`, {
        headers: { accept: 'application/json' },
        signal: inFlight.signal,
      });
      if (!response.ok) return show([], 0, '');
      const body = await response.json();
      show(body.results, body.total, query);
    } catch (error) {
      if (error.name !== 'AbortError') show([], 0, '');
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(suggest, PAUSE_MS);
  });
}
