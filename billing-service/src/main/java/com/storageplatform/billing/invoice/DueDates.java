package com.storageplatform.billing.invoice;

import com.storageplatform.billing.calendar.WorkingDays;
import java.time.LocalDate;
import org.springframework.stereotype.Component;

/** An invoice's due date: one collected by Direct Debit falls on a working day in England and Wales (rule 7). */
@Component
class DueDates {

    private final WorkingDays workingDays;

    DueDates(WorkingDays workingDays) {
        this.workingDays = workingDays;
    }

    LocalDate forMethod(String collectionMethod, LocalDate date) {
        return Invoice.BACS_DD.equals(collectionMethod) ? workingDays.onOrAfter(date) : date;
    }
}
