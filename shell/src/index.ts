// Async boundary: shared singletons are negotiated by the federation runtime before any of them is used.
import('./bootstrap');
