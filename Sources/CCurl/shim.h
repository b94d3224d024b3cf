// libcurl for Swift: curl_easy_setopt and curl_easy_getinfo are C variadic functions,
// which Swift cannot call, so each argument type gets a typed wrapper.
#ifndef BREWERY_CCURL_SHIM_H
#define BREWERY_CCURL_SHIM_H

#include <curl/curl.h>

typedef size_t (*brewery_curl_data_callback)(char *, size_t, size_t, void *);
typedef int (*brewery_curl_progress_callback)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t);

static inline CURLcode brewery_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode brewery_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode brewery_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode brewery_curl_set_data_callback(CURL *handle, CURLoption option, brewery_curl_data_callback f) {
    return curl_easy_setopt(handle, option, f);
}

static inline CURLcode brewery_curl_set_progress_callback(CURL *handle, brewery_curl_progress_callback f) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, f);
}

static inline CURLcode brewery_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode brewery_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
