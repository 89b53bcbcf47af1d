import { useReturnPath } from '../../lib/return-path';
import { paths } from '../../lib/routes';
import { useAuth } from '../../lib/auth-store';
import { Hero } from './Hero';
import { Pillars } from './Pillars';
import { Slogan } from './Slogan';

export function LandingPage() {
  const signedIn = Boolean(useAuth().accessToken);
  // A deep link opened while signed out comes back as `next`: the way in leads there.
  const next = useReturnPath();
  const startHref = signedIn ? (next ?? paths.main()) : paths.login(next);
  return (
    <main id="main">
      <Hero startHref={startHref} />
      <Pillars />
      <Slogan startHref={startHref} signedIn={signedIn} />
    </main>
  );
}
