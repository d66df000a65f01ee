/** The landing page lives in ui/landing/ (hero, counter, panels, launch console, location). */
export { LandingPage } from '../landing/LandingPage';
