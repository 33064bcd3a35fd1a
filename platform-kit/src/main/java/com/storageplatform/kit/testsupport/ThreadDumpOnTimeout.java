package com.storageplatform.kit.testsupport;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * When a test fails because something did not answer in time (a request past the client's timeout, a
 * {@code block} past its limit), prints every thread's stack before passing the failure on: whatever was still
 * stuck shows where, instead of a bare timeout.
 */
public final class ThreadDumpOnTimeout implements TestExecutionExceptionHandler {

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        if (isTimeout(failure)) {
            StringBuilder dump = new StringBuilder("Thread dump after " + context.getDisplayName() + " timed out:\n");
            for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
                dump.append('"').append(thread.getThreadName()).append("\" ").append(thread.getThreadState());
                if (thread.getLockName() != null) {
                    dump.append(" on ").append(thread.getLockName());
                }
                dump.append('\n');
                for (StackTraceElement frame : thread.getStackTrace()) {
                    dump.append("    at ").append(frame).append('\n');
                }
            }
            System.out.println(dump);
        }
        throw failure;
    }

    static boolean isTimeout(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof TimeoutException
                    || String.valueOf(cause.getMessage()).startsWith("Timeout on blocking read")) {
                return true;
            }
        }
        return false;
    }
}
