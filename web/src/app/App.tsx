import { Router } from 'wouter';
import { Toaster } from '../ui/Toaster';
import { AppRoutes } from './AppRoutes';
import { SessionKeeper } from './SessionKeeper';
import { Shell } from './Shell';

export function App() {
  return (
    <Router>
      <SessionKeeper />
      <Shell>
        <AppRoutes />
      </Shell>
      <Toaster />
    </Router>
  );
}
