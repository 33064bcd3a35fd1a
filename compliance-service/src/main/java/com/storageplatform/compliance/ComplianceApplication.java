package com.storageplatform.compliance;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Contracts, identity verifications, access credentials, access events, hardware devices, access holds. */
@SpringBootApplication
public class ComplianceApplication {

    public static void main(String[] args) {
        SpringApplication.run(ComplianceApplication.class, args);
    }
}
