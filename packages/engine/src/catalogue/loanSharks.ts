import type { LoanShark } from '../types';

// The default shark lends the starting $1,000 at the SPEC's default 10% a day. Better terms need a higher rank.
export const DEFAULT_LOAN_SHARK_ID = 'vinnie';

export const LOAN_SHARKS: readonly LoanShark[] = [
  {
    id: 'vinnie',
    name: 'Vinnie "The Knuckles"',
    maxLoan: 5_000,
    dailyInterestRate: 0.1,
    gracePeriod: 7,
    personality: 'Old-school. Patient for exactly seven days, then he brings friends and a baseball bat.',
    minRankLevel: 1,
  },
  {
    id: 'mama_rosa',
    name: 'Mama Rosa',
    maxLoan: 20_000,
    dailyInterestRate: 0.07,
    gracePeriod: 10,
    personality: 'Sweet as pie until you are late. Then her sons visit.',
    minRankLevel: 2,
  },
  {
    id: 'the_accountant',
    name: 'The Accountant',
    maxLoan: 100_000,
    dailyInterestRate: 0.05,
    gracePeriod: 14,
    personality: 'Quiet, precise, never raises his voice. People who cross him just disappear.',
    minRankLevel: 3,
  },
  {
    id: 'el_cuchillo',
    name: 'El Cuchillo',
    maxLoan: 500_000,
    dailyInterestRate: 0.12,
    gracePeriod: 5,
    personality: 'Lends big, charges bigger, and his patience is as short as his name suggests.',
    minRankLevel: 4,
  },
];
