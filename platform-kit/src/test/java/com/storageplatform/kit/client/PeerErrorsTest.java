package com.storageplatform.kit.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;

/** What a peer's 4xx becomes for the caller of this service. */
class PeerErrorsTest {

    private static RuntimeException answer(int status, Envelopes.ErrorBody error) {
        return PeerErrors.toException("billing", HttpStatusCode.valueOf(status),
                error == null ? null : new Envelopes.Error(error), new HttpHeaders());
    }

    @Test
    void aPeersRefusalOfTheBodyOrMethodThisServiceBuiltIsAnInternalErrorNotTheClients() {
        for (int status : new int[] {400, 405, 406, 413, 415}) {
            assertThat(answer(status, new Envelopes.ErrorBody("invalid_request", "The request body is not valid JSON.",
                    List.of()))).as("%s", status).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("billing").hasMessageContaining(Integer.toString(status));
            assertThat(answer(status, null)).as("%s without a body", status).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void aPeers422NamingAFieldItDoesNotKnowIsAnInternalError() {
        RuntimeException failure = answer(422, new Envelopes.ErrorBody("validation_error", "Unknown field: amount.",
                List.of(new FieldIssue("amount_minor", FieldIssue.BELOW_MINIMUM),
                        new FieldIssue("amount", FieldIssue.UNKNOWN_FIELD))));
        assertThat(failure).isInstanceOf(IllegalStateException.class).hasMessageContaining("unknown_field");
    }

    @Test
    void aPeersBusinessValidationErrorReachesTheCallerIntact() {
        List<FieldIssue> details = List.of(new FieldIssue("amount_minor", FieldIssue.BELOW_MINIMUM));
        RuntimeException failure = answer(422, new Envelopes.ErrorBody("validation_error",
                "Invalid value for amount_minor: below_minimum.", details));
        assertThat(failure).isInstanceOf(ApiException.class);
        ApiException api = (ApiException) failure;
        assertThat(api.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
        assertThat(api.status().value()).isEqualTo(422);
        assertThat(api.getMessage()).isEqualTo("Invalid value for amount_minor: below_minimum.");
        assertThat(api.details()).isEqualTo(details);
    }

    @Test
    void aPeersAnswerWithoutAnEnvelopeTakesTheCodeItsStatusStandsFor() {
        for (int status : new int[] {403, 404, 409, 422, 429, 410}) {
            RuntimeException failure = answer(status, null);
            assertThat(failure).as("%s", status).isInstanceOf(ApiException.class);
            assertThat(((ApiException) failure).code()).as("%s", status).isEqualTo(ErrorCode.forStatus(status));
            assertThat(((ApiException) failure).status().value()).isEqualTo(status);
        }
        assertThat(ErrorCode.forStatus(410)).isEqualTo(ErrorCode.INVALID_REQUEST);
        assertThat(ErrorCode.forStatus(429)).isEqualTo(ErrorCode.RATE_LIMITED);
    }
}
