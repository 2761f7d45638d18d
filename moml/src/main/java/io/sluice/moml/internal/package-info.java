/** The MoML importer's internals: not API, may change in any release. */
package io.sluice.moml.internal;
