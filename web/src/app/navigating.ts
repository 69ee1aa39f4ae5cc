import { createContext, useContext } from 'react';

/** Set by the router (router.tsx) while a navigation's transition is under way. */
export const Navigating = createContext(false);

/** Whether a navigation is under way: the next page is still loading, the current one still shows. */
export const useNavigating = () => useContext(Navigating);
