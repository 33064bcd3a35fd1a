package com.storageplatform.commerce.imports;

import com.storageplatform.commerce.imports.ImportColumns.Layout;
import com.storageplatform.kit.web.ApiException;
import java.util.List;

/** What the peers that keep imported rows (the catalogue's units, billing's balances) answer, in an import's words. */
final class PeerBatches {

    /** A peer refused a batch or could not be reached: the import fails with the code and message. */
    static final class Failure extends RuntimeException {
        final String code;

        Failure(String code, String message) {
            super(message);
            this.code = code;
        }
    }

    private PeerBatches() {
    }

    /** The peer's problems, their columns (the peer's field names) written as the file's headers. */
    static List<ImportProblem> problems(Layout layout, List<ImportProblem> problems) {
        return problems.stream().map(p -> ImportProblem.of(p.row(), p.column() == null ? null
                : layout.header(p.column()), p.issue(), p.message())).toList();
    }

    /** A real batch the peer refused although its dry run passed (what it holds changed in between). */
    static Failure refused(String peer, int problems, long firstRow) {
        return new Failure(Import.PEER_REFUSED, "The " + peer + " refused " + problems + " row(s), the first on row "
                + firstRow + ", although the check before passed: what it holds changed meanwhile. Rows before "
                + "that batch were written; upload the file again to check and finish it (rows written are not "
                + "written twice).");
    }

    /** A failed call: the peer's refusal (4xx) or its absence (unreachable, 5xx, too slow). */
    static Throwable failure(Throwable cause) {
        if (cause instanceof ApiException api) {
            boolean refused = api.status().is4xxClientError();
            return new Failure(refused ? Import.PEER_REFUSED : Import.PEER_UNAVAILABLE, (refused
                    ? "A service that keeps these rows refused them: " : "A service that keeps these rows could not "
                    + "be reached: ") + api.getMessage() + " Upload the file again to retry (rows written are not "
                    + "written twice).");
        }
        return cause;
    }
}
