package com.storageplatform.e2e;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Latencies in nanoseconds, summarised as p50/p99/max in milliseconds. */
final class Latencies {
    private final List<Long> samples = Collections.synchronizedList(new ArrayList<>());

    void add(long nanos) {
        samples.add(nanos);
    }

    long count() {
        return samples.size();
    }

    /** The {@code quantile} (0.5 for the median) in milliseconds; 0 when there are no samples. */
    double quantileMs(double quantile) {
        List<Long> sorted;
        synchronized (samples) {
            sorted = new ArrayList<>(samples);
        }
        if (sorted.isEmpty()) {
            return 0;
        }
        Collections.sort(sorted);
        return at(sorted, quantile);
    }

    void clear() {
        samples.clear();
    }

    @Override
    public String toString() {
        List<Long> sorted;
        synchronized (samples) {
            sorted = new ArrayList<>(samples);
        }
        if (sorted.isEmpty()) {
            return "(none)";
        }
        Collections.sort(sorted);
        return String.format("n=%d p50 %.2f ms  p99 %.2f ms  max %.2f ms", sorted.size(), at(sorted, 0.50),
                at(sorted, 0.99), sorted.get(sorted.size() - 1) / 1e6);
    }

    private static double at(List<Long> sorted, double quantile) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(quantile * sorted.size()) - 1)) / 1e6;
    }
}
