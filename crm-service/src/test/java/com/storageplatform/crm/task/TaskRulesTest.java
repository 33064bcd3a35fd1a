package com.storageplatform.crm.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** {@link TaskRules}: a task's fields, its contact on a deal, and completing it once. */
class TaskRulesTest {

    private static List<String> issues(Validation v) {
        return v.issues().stream().map(i -> i.field() + " " + i.issue()).toList();
    }

    @Test
    void theTitleIsTrimmedRequiredAndAtMost200CharactersOnOneLine() {
        Validation v = Validation.start();
        assertThat(TaskRules.title(v, "  Call back  ")).isEqualTo("Call back");
        assertThat(TaskRules.title(v, " " + "t".repeat(200) + " ")).hasSize(200);
        assertThat(v.isValid()).isTrue();

        assertThat(issues(withTitle(null))).containsExactly("title required");
        assertThat(issues(withTitle("   "))).containsExactly("title required");
        assertThat(issues(withTitle("t".repeat(201)))).containsExactly("title too_long");
        assertThat(issues(withTitle("Call\nback"))).containsExactly("title invalid");
    }

    private static Validation withTitle(String title) {
        Validation v = Validation.start();
        TaskRules.title(v, title);
        return v;
    }

    @Test
    void theDescriptionIsTrimmedEmptyIsNoneAndAtMost2000CharactersWithLineBreaks() {
        Validation v = Validation.start();
        assertThat(TaskRules.description(v, " Ask about\nparking. ")).isEqualTo("Ask about\nparking.");
        assertThat(TaskRules.description(v, "   ")).isNull();
        assertThat(TaskRules.description(v, "d".repeat(2000))).hasSize(2000);
        assertThat(v.isValid()).isTrue();

        TaskRules.description(v, "d".repeat(2001));
        assertThat(issues(v)).containsExactly("description too_long");
    }

    @Test
    void theAssigneeIsTrimmedEmptyIsNoneAndAtMost200CharactersOnOneLine() {
        Validation v = Validation.start();
        assertThat(TaskRules.assignee(v, " Sam Jones ")).isEqualTo("Sam Jones");
        assertThat(TaskRules.assignee(v, "")).isNull();
        assertThat(v.isValid()).isTrue();

        TaskRules.assignee(v, "a".repeat(201));
        assertThat(issues(v)).containsExactly("assignee too_long");
        Validation lines = Validation.start();
        TaskRules.assignee(lines, "Sam\nJones");
        assertThat(issues(lines)).containsExactly("assignee invalid");
    }

    @Test
    void everyBadFieldOfTheCreateBodyIsRecorded() {
        Validation v = Validation.start();
        TaskRules.check(v, new CreateTask(" ", "d".repeat(2001), "nope", "nope", "2027-02-30", "a".repeat(201)));
        assertThat(issues(v)).containsExactlyInAnyOrder("title required", "description too_long", "deal_id invalid",
                "contact_id invalid", "due_on invalid", "assignee too_long");
    }

    @Test
    void aPatchOfOnlyNullsKeepsTheTitleAndClearsTheRest() {
        Validation v = Validation.start();
        TaskRules.Sent sent = TaskRules.check(v, new TaskChanges(Patch.ofNull(), Patch.ofNull(), Patch.ofNull(),
                Patch.ofNull(), Patch.ofNull(), Patch.ofNull()));
        assertThat(v.isValid()).isTrue();
        assertThat(sent.title()).isNull();
        assertThat(sent.description().isNull()).isTrue();
        assertThat(sent.dueOn().isNull()).isTrue();
        assertThat(sent.relinks()).isTrue();

        TaskRules.Sent dueOnly = TaskRules.check(v, new TaskChanges(null, null, null, null, Patch.of("2027-01-31"),
                null));
        assertThat(dueOnly.dueOn().value()).isEqualTo(LocalDate.of(2027, 1, 31));
        assertThat(dueOnly.relinks()).isFalse();
    }

    @Test
    void onADealTheContactIsTheDealsCustomerAndNoOther() {
        UUID customer = Ids.newId();
        Validation v = Validation.start();
        assertThat(TaskRules.contactOf(v, customer, null)).isEqualTo(customer);
        assertThat(TaskRules.contactOf(v, customer, customer)).isEqualTo(customer);
        UUID someone = Ids.newId();
        assertThat(TaskRules.contactOf(v, null, someone)).isEqualTo(someone);
        assertThat(TaskRules.contactOf(v, null, null)).isNull();
        assertThat(v.isValid()).isTrue();

        TaskRules.contactOf(v, customer, someone);
        assertThat(issues(v)).containsExactly("contact_id " + FieldIssue.NOT_ALLOWED);
    }

    @Test
    void aCompletedTaskCannotBeCompletedAgain() {
        Instant now = Instant.parse("2026-11-27T10:00:00Z");
        Task open = new Task(Ids.newId(), Task.OBJECT, "Call back", null, null, null, null, null, null, Task.OPEN,
                null, now, now);
        TaskRules.requireOpen(open);

        Task done = open.completed(now.plusSeconds(60));
        assertThat(done.status()).isEqualTo(Task.COMPLETED);
        assertThat(done.completedAt()).isEqualTo(now.plusSeconds(60));
        assertThatThrownBy(() -> TaskRules.requireOpen(done))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFLICT));
    }
}
