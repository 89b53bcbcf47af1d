import { paths } from '../../app/routes';
import { useAuth } from '../../lib/auth-store';
import { Hero } from './Hero';
import { Pillars } from './Pillars';
import { Slogan } from './Slogan';

export function LandingPage() {
  const signedIn = Boolean(useAuth().accessToken);
  const startHref = signedIn ? paths.main() : paths.login();
  return (
    <main id="main">
      <Hero startHref={startHref} />
      <Pillars />
      <Slogan startHref={startHref} signedIn={signedIn} />
    </main>
  );
}
