package com.storageplatform.kit.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.r2dbc.spi.R2dbcRollbackException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.transaction.CannotCreateTransactionException;

/** Failures that are not the client's fault but have a meaning of their own are not answered 500. */
class ErrorMapperTest {

    @Test
    void aConnectionPoolThatStayedBusyIsServiceUnavailableWithRetryAfter() {
        ApiException busy = ErrorMapper.toApiException(new CannotCreateTransactionException(
                "Could not open R2DBC Connection for transaction", new IllegalStateException("acquire timeout")));
        assertThat(busy.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
        assertThat(busy.status().value()).isEqualTo(503);
        assertThat(busy.headers()).containsEntry("Retry-After", "1");
        assertThat(busy.getMessage()).isEqualTo("The service is busy, so nothing was written. Retry the request after 1"
                + " second.");
    }

    @Test
    void aDeadlockOrSerializationFailureIsFoundByItsSqlStateWhateverWrapsIt() {
        for (String state : new String[] {"40P01", "40001"}) {
            R2dbcRollbackException driver = new R2dbcRollbackException("deadlock detected", state);
            for (Throwable failure : new Throwable[] {new PessimisticLockingFailureException("update", driver),
                    new CannotAcquireLockException("update", driver), new IllegalStateException(driver)}) {
                ApiException api = ErrorMapper.toApiException(failure);
                assertThat(api.code()).as(state).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
                assertThat(api.headers()).containsEntry("Retry-After", "1");
                assertThat(api.getMessage()).isEqualTo("Another request changed the same records at the same "
                        + "moment, so nothing was written. Retry the request after 1 second.");
            }
        }
        assertThat(ErrorMapper.toApiException(new PessimisticLockingFailureException("update",
                new R2dbcRollbackException("lock timeout", "55P03")))).isNull();
    }

    @Test
    void aBusyAnswerIsServiceUnavailableWhoseMessageStatesTheRetryAfterOfItsHeader() {
        ApiException once = ApiException.busy("Another request is changing unit A1 at this moment.", 1);
        assertThat(once.status().value()).isEqualTo(503);
        assertThat(once.code()).isEqualTo(ErrorCode.SERVICE_UNAVAILABLE);
        assertThat(once.headers()).containsExactly(java.util.Map.entry("Retry-After", "1"));
        assertThat(once.getMessage()).isEqualTo("Another request is changing unit A1 at this moment. Retry the "
                + "request after 1 second.");
        assertThat(ApiException.busy("Busy.", 5).getMessage()).endsWith("after 5 seconds.");
    }

    @Test
    void aContentTypeThatIsNoMediaTypeIsUnsupportedMediaTypeNotAnUnexpectedFailure() {
        // Issue 21: reading such a header (an unknown charset, a malformed type) threw, and was answered 500.
        for (String type : new String[] {"application/json; charset=x-no-such-charset",
                "application/json; charset=\"\u00ff\"", "json"}) {
            org.springframework.http.HttpHeaders headers = new org.springframework.http.HttpHeaders();
            headers.set("Content-Type", type);
            Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(headers::getContentType);

            ApiException api = ErrorMapper.toApiException(thrown);
            assertThat(api).as(type).isNotNull();
            assertThat(api.code()).isEqualTo(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
            assertThat(api.status().value()).isEqualTo(415);
        }
    }

    @Test
    void aBareServiceUnavailableStatusSaysWhenToRetry() {
        ApiException bare = ErrorMapper.toApiException(new org.springframework.web.server.ResponseStatusException(
                org.springframework.http.HttpStatus.BAD_GATEWAY));
        assertThat(bare.status().value()).isEqualTo(503);
        assertThat(bare.headers()).containsExactly(java.util.Map.entry("Retry-After", "5"));
        assertThat(bare.getMessage()).isEqualTo("The service is unavailable. Retry the request after 5 seconds.");
    }

    @Test
    void aRefusalOfOneFieldKeepsItsOwnMessageAndNamesTheField() {
        ApiException refused = ApiException.invalid("unit_id", FieldIssue.NOT_ALLOWED, "Unit A1 is held by the "
                + "customer's other reservation.");
        assertThat(refused.status().value()).isEqualTo(422);
        assertThat(refused.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
        assertThat(refused.getMessage()).isEqualTo("Unit A1 is held by the customer's other reservation.");
        assertThat(refused.details()).containsExactly(new FieldIssue("unit_id", FieldIssue.NOT_ALLOWED));
        assertThat(refused.headers()).isEmpty();
    }

    @Test
    void anythingElseUnexpectedIsLeftToTheInternalError() {
        assertThat(ErrorMapper.toApiException(new IllegalStateException("bug"))).isNull();
    }
}
