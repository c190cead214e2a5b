import { useState, type FormEvent } from 'react';
import { dramaSearchHref } from '../../lib/site.ts';
import { useInstantResults } from './use-instant-results.ts';

/**
 * The navbar search for dramas and people (spec 1 §2.2): submitting non-blank text goes to
 * /search/drama?q={text} and clears the box; blank or whitespace-only text does nothing.
 * Before hydration the plain form submits to the same page, so it works without JavaScript.
 */
export default function SearchBox() {
  const [text, setText] = useState('');
  const results = useInstantResults(text);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const href = dramaSearchHref(text);
    if (!href) return;
    setText('');
    window.location.assign(href);
  }

  return (
    <form role="search" action="/search/drama" method="get" onSubmit={submit} className="relative">
      <label className="flex h-10 items-center gap-2 rounded-full border border-slate-400 bg-white pr-1 pl-3.5 text-slate-500 focus-within:border-indigo-600 focus-within:ring-2 focus-within:ring-indigo-600/30">
        <span className="sr-only">Search dramas and people</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="size-4 shrink-0">
          <circle cx="9" cy="9" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
          <path d="m13.5 13.5 3.5 3.5" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
        <input
          type="search"
          name="q"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search dramas & people"
          autoComplete="off"
          enterKeyHint="search"
          className="h-full w-full min-w-0 bg-transparent text-sm text-ellipsis text-slate-900 placeholder:text-slate-500 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
      </label>
      {results.length > 0 && (
        <ul className="absolute inset-x-0 top-full z-10 mt-2 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-xl">
          {results.map((result) => (
            <li key={result.href}>
              <a href={result.href} className="block px-4 py-2 text-sm hover:bg-indigo-50">
                <span className="font-medium text-slate-900">{result.title}</span>
                {result.meta && <span className="ml-2 text-slate-500">{result.meta}</span>}
              </a>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
