import { configure } from '@testing-library/react';

// Screens load lazily (route `lazy`); on a busy two-core CI machine the first import of a chunk
// can take longer than Testing Library's default one second.
configure({ asyncUtilTimeout: 5000 });
