#ifndef BREWERY_CPREFETCH_H
#define BREWERY_CPREFETCH_H

/// Asks the processor to start loading the cache line at `address` for a read soon.
/// A hint only: no fault, no effect on what the program computes.
static inline void brewery_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
