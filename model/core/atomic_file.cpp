#include "core/atomic_file.h"

#include "core/message_text.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace podplanner::model {

namespace fs = std::filesystem;

namespace {

std::runtime_error ioError(const std::string& what, const std::string& path, int error) {
    return std::runtime_error(escapeForMessage(path) + ": " + what + ": " + std::strerror(error));
}

// Saving through a symbolic link replaces the file it points to, not the link.
std::string resolveTarget(const std::string& path) {
    std::error_code ec;
    if (fs::is_symlink(path, ec)) {
        const fs::path target = fs::canonical(path, ec);
        if (!ec)
            return target.string();
    }
    return path;
}

void syncFolderOf(const std::string& path) {
    const fs::path folder = fs::path(path).parent_path();
    const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        ::fsync(fd); // best effort: makes the rename itself durable
        ::close(fd);
    }
}

} // namespace

void writeFileAtomically(const std::string& requestedPath, const std::string& content) {
    static std::atomic<unsigned> counter{0};
    const std::string path = resolveTarget(requestedPath);
    const std::string temporary =
        path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    struct stat old {};
    const bool existed = ::stat(path.c_str(), &old) == 0;
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
                          existed ? (old.st_mode & 07777) : 0644);
    if (fd < 0)
        throw ioError("cannot create a temporary file", temporary, errno);
    std::size_t done = 0;
    int error = 0;
    while (done < content.size()) {
        const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            error = errno;
            break;
        }
        done += static_cast<std::size_t>(n);
    }
    if (!error && ::fsync(fd) != 0)
        error = errno;
    if (::close(fd) != 0 && !error)
        error = errno;
    if (!error && existed)
        (void)::chmod(temporary.c_str(), old.st_mode & 07777); // umask may have narrowed it
    if (!error && std::rename(temporary.c_str(), path.c_str()) != 0)
        error = errno;
    if (error) {
        std::remove(temporary.c_str());
        throw ioError("cannot save", path, error);
    }
    syncFolderOf(path);
}

std::string readWholeFile(const std::string& path, std::size_t maxBytes) {
    std::error_code ec;
    if (fs::is_directory(path, ec))
        throw std::runtime_error(escapeForMessage(path) + ": is a folder, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ioError("cannot open", path, errno ? errno : ENOENT);
    std::string content;
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        content.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (content.size() > maxBytes)
            throw std::runtime_error(escapeForMessage(path) + ": larger than the limit of " +
                                     std::to_string(maxBytes) +
                                     " bytes (raise it with --max-file-bytes)");
    }
    return content;
}

} // namespace podplanner::model
