#include "launch_configs.h"

#include "local_path.h"

#include "core/atomic_file.h"
#include "interop/infragraph.h"
#include "interop/launch.h"
#include <QFileInfo>

namespace podplanner::views {

namespace mi = model::interop;

QStringList LaunchConfigs::exportFormats() const {
    const model::Project* p = document_ ? document_->project() : nullptr;
    if (!p)
        return {};
    if (p->cluster.pod.kind == model::PodKind::GpuFatTree)
        return {"megatron", "torchtitan", "infragraph"};
    return {"maxtext", "infragraph"};
}

QString LaunchConfigs::exportText(int job, const QString& format) {
    const model::Project* p = document_ ? document_->project() : nullptr;
    if (!p) {
        setMessage(tr("Open a project first"));
        return {};
    }
    try {
        if (format == "infragraph")
            return QString::fromStdString(mi::exportInfraGraph(*p));
        const auto f = mi::launchFormatByName(format.toStdString());
        if (!f || job < 0 || job >= static_cast<int>(p->jobs.size())) {
            setMessage(tr("Choose a job and a format"));
            return {};
        }
        return QString::fromStdString(mi::exportLaunch(*p, static_cast<std::size_t>(job), *f));
    } catch (const std::exception& e) {
        setMessage(tr("Cannot export: %1").arg(QString::fromStdString(e.what())));
        return {};
    }
}

bool LaunchConfigs::exportToFile(int job, const QString& format, const QString& pathOrUrl) {
    const QString text = exportText(job, format);
    if (text.isEmpty())
        return false;
    const QString path = localPath(pathOrUrl);
    try {
        model::writeFileAtomically(path.toStdString(), text.toStdString());
    } catch (const std::exception& e) {
        setMessage(QString::fromStdString(e.what()));
        return false;
    }
    setMessage(tr("Wrote %1").arg(path));
    return true;
}

bool LaunchConfigs::importFile(const QString& format, const QString& pathOrUrl,
                               const QString& shape, int slices, int nodes) {
    const model::Project* p = document_ ? document_->project() : nullptr;
    const auto f = mi::launchFormatByName(format.toStdString());
    if (!p || !f) {
        setMessage(tr("Open a project and choose a format first"));
        return false;
    }
    const QString path = localPath(pathOrUrl);
    try {
        const std::string text = model::readWholeFile(path.toStdString(), 64u << 20);
        mi::ImportedJob imported =
            mi::importLaunch(*p, *f, text, {shape.toStdString(), slices, nodes, ""});
        if (imported.job.name.empty() && imported.extras.empty())
            imported.job.name = QFileInfo(path).baseName().toStdString();
        mi::withImportedJob(*p, imported); // validates it and applies the podplanner-job line
        QStringList unmodelled;
        for (const auto& u : imported.unmodelled)
            unmodelled << QString::fromStdString(u);
        QStringList notes;
        for (const auto& n : imported.notes)
            notes << QString::fromStdString(n);
        if (!document_->addImportedJob(imported.job)) {
            setMessage(document_->errorText());
            return false;
        }
        const auto& m = imported.job.parallelism;
        setMessage(tr("Added job \"%1\" from %2: dp %3 × fsdp %4 × tp %5 × pp %6 × ep %7 × cp %8%9")
                       .arg(QString::fromStdString(imported.job.name), QFileInfo(path).fileName())
                       .arg(m.dp)
                       .arg(m.fsdp)
                       .arg(m.tp)
                       .arg(m.pp)
                       .arg(m.ep)
                       .arg(m.cp)
                       .arg(notes.isEmpty() ? QString() : "; " + notes.join("; ")),
                   unmodelled);
        return true;
    } catch (const std::exception& e) {
        setMessage(tr("Cannot import %1: %2")
                       .arg(QFileInfo(path).fileName(), QString::fromStdString(e.what())));
        return false;
    }
}

void LaunchConfigs::setMessage(const QString& text, const QStringList& unmodelled) {
    message_ = text;
    unmodelled_ = unmodelled;
    emit messageChanged();
}

} // namespace podplanner::views
