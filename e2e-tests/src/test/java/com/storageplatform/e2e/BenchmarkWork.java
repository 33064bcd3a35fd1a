package com.storageplatform.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/** What more than one benchmark needs: work spread over client threads, and the machine's load. */
final class BenchmarkWork {

    private BenchmarkWork() {
    }

    /** Runs {@code work} for every item on {@code threads} threads and waits for all; the first failure is thrown. */
    static <T> void inParallel(List<T> items, int threads, Consumer<T> work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, items.size())));
        try {
            List<Future<?>> running = new ArrayList<>();
            items.forEach(item -> running.add(pool.submit(() -> work.accept(item))));
            for (Future<?> each : running) {
                each.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** The 1, 5 and 15 minute load averages, as {@code /proc/loadavg} gives them. */
    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (Exception e) {
            return "unknown";
        }
    }
}
