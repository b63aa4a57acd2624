#include "core/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace podplanner::model {

namespace {
std::runtime_error ioError(const std::string& what, const std::string& path) {
    return std::runtime_error(path + ": " + what + ": " + std::strerror(errno));
}
} // namespace

void writeFileAtomically(const std::string& path, const std::string& content) {
    const std::string temporary = path + ".tmp-" + std::to_string(::getpid());
    std::FILE* file = std::fopen(temporary.c_str(), "wb");
    if (!file)
        throw ioError("cannot create a temporary file", temporary);
    const bool written = std::fwrite(content.data(), 1, content.size(), file) == content.size() &&
                         std::fflush(file) == 0 && ::fsync(::fileno(file)) == 0;
    const int savedErrno = errno;
    const bool closed = std::fclose(file) == 0;
    if (!written || !closed) {
        std::remove(temporary.c_str());
        errno = written ? errno : savedErrno;
        throw ioError("cannot write", path);
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        const int renameErrno = errno;
        std::remove(temporary.c_str());
        errno = renameErrno;
        throw ioError("cannot replace", path);
    }
}

std::string readWholeFile(const std::string& path, std::size_t maxBytes) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw std::runtime_error(path + ": is a folder, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        errno = errno ? errno : ENOENT;
        throw ioError("cannot open", path);
    }
    std::string content;
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        content.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (content.size() > maxBytes)
            throw std::runtime_error(path + ": larger than the limit of " +
                                     std::to_string(maxBytes) +
                                     " bytes (raise it with --max-file-bytes)");
    }
    return content;
}

} // namespace podplanner::model
