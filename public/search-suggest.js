// Suggestions as you type on the home page: a progressive enhancement of its form, which works the same without it.
// After a short pause in typing, the card names and sets /api/cards/autocomplete suggests for the text are listed
// under the box as links (a name to its search, a set to its page), a set marked as one; Enter still submits the
// form to /search. The list is an ordinary list of links, reached with Tab, and a polite live region says how many
// there are. Text goes in with textContent only. A refused request (a 429 from the rate limit, a network error)
// just leaves the list empty: the form is the fallback.
const form = document.querySelector('form[data-suggest]');
const input = form?.querySelector('input[name="q"]');
if (form && input) {
  const PAUSE_MS = 150;
  const MIN_LENGTH = 2;
  const status = document.createElement('p');
  status.className = 'muted suggest-status';
  status.setAttribute('aria-live', 'polite');
  const list = document.createElement('ul');
  list.className = 'suggestions';
  list.setAttribute('aria-label', 'Suggested cards and sets');
  form.after(status, list);
  const count = new Intl.NumberFormat('en-US');
  let timer;
  let inFlight;

  const show = (suggestions, query) => {
    list.replaceChildren(
      ...suggestions.map((suggestion) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = suggestion.url;
        link.textContent = suggestion.label;
        const cards = `${count.format(suggestion.cards)} card${suggestion.cards === 1 ? '' : 's'}`;
        const note = document.createElement('small');
        note.className = 'muted';
        note.textContent = suggestion.kind === 'set' ? `set · ${cards}` : cards;
        item.append(link, ' ', note);
        return item;
      }),
    );
    const n = suggestions.length;
    status.textContent = query ? `${n} suggestion${n === 1 ? '' : 's'} for “${query}”; press Enter to search.` : '';
  };

  const suggest = async () => {
    const query = input.value.trim();
    inFlight?.abort();
    if ([...query].length < MIN_LENGTH) return show([], '');
    inFlight = new AbortController();
    try {
      const response = await fetch(`/api/cards/autocomplete?q=${encodeURIComponent(query)}`, {
        headers: { accept: 'application/json' },
        signal: inFlight.signal,
      });
      if (!response.ok) return show([], '');
      const body = await response.json();
      show(body.results, query);
    } catch (error) {
      if (error.name !== 'AbortError') show([], '');
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(suggest, PAUSE_MS);
  });
}
