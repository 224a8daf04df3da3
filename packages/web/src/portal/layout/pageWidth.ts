// Apart from PortalLayout.tsx, so that the pages need not import the layout, which loads with them (decision 0051).

/** The portal's one column, shared by the header and the pages so that their edges line up. */
export const pageWidth = { height: '100%', maxWidth: 1200, margin: '0 auto', padding: '0 24px' } as const;
