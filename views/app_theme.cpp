#include "app_theme.h"

#include <QGuiApplication>
#include <QJSEngine>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>

namespace podplanner::views {

namespace {
const char* kThemeKey = "view/theme";

bool gnomePrefersDark() {
    const QString gsettings = QStandardPaths::findExecutable(QStringLiteral("gsettings"));
    if (gsettings.isEmpty())
        return false;
    QProcess p;
    p.start(gsettings, {QStringLiteral("get"), QStringLiteral("org.gnome.desktop.interface"),
                        QStringLiteral("color-scheme")});
    if (!p.waitForFinished(500)) {
        p.kill();
        p.waitForFinished(100);
        return false;
    }
    return p.readAllStandardOutput().contains("prefer-dark");
}

QPalette paletteOf(const char* window, const char* base, const char* alternate, const char* text,
                   const char* button, const char* highlight, const char* mid,
                   const char* disabledText) {
    QPalette p;
    const QColor windowColor(QLatin1String{window}), textColor(QLatin1String{text});
    p.setColor(QPalette::Window, windowColor);
    p.setColor(QPalette::WindowText, textColor);
    p.setColor(QPalette::Base, QColor(QLatin1String{base}));
    p.setColor(QPalette::AlternateBase, QColor(QLatin1String{alternate}));
    p.setColor(QPalette::Text, textColor);
    p.setColor(QPalette::Button, QColor(QLatin1String{button}));
    p.setColor(QPalette::ButtonText, textColor);
    p.setColor(QPalette::ToolTipBase, QColor(QLatin1String{button}));
    p.setColor(QPalette::ToolTipText, textColor);
    p.setColor(QPalette::Highlight, QColor(QLatin1String{highlight}));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(QLatin1String{highlight}));
    p.setColor(QPalette::Mid, QColor(QLatin1String{mid}));
    p.setColor(QPalette::Midlight, windowColor.lighter(115));
    p.setColor(QPalette::Light, windowColor.lighter(140));
    p.setColor(QPalette::Dark, windowColor.darker(160));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::PlaceholderText, QColor(QLatin1String{disabledText}));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(QLatin1String{disabledText}));
    return p;
}
} // namespace

AppTheme* AppTheme::instance() {
    static AppTheme* theme = new AppTheme; // lives as long as the process, like the palette
    return theme;
}

AppTheme* AppTheme::create(QQmlEngine*, QJSEngine*) {
    AppTheme* theme = instance();
    QJSEngine::setObjectOwnership(theme, QJSEngine::CppOwnership);
    return theme;
}

AppTheme::AppTheme() : platformPalette_(QGuiApplication::palette()) {
    const QString saved = QSettings().value(kThemeKey, mode_).toString();
    if (saved == QLatin1String("light") || saved == QLatin1String("dark"))
        mode_ = saved;
    apply();
}

void AppTheme::setMode(const QString& mode) {
    if (mode == mode_ || (mode != QLatin1String("system") && mode != QLatin1String("light") &&
                          mode != QLatin1String("dark")))
        return;
    mode_ = mode;
    QSettings().setValue(kThemeKey, mode_);
    apply();
}

QVariantMap AppTheme::paletteColors() const {
    static const std::pair<const char*, QPalette::ColorRole> roles[] = {
        {"window", QPalette::Window},
        {"windowText", QPalette::WindowText},
        {"base", QPalette::Base},
        {"alternateBase", QPalette::AlternateBase},
        {"text", QPalette::Text},
        {"button", QPalette::Button},
        {"buttonText", QPalette::ButtonText},
        {"brightText", QPalette::BrightText},
        {"highlight", QPalette::Highlight},
        {"highlightedText", QPalette::HighlightedText},
        {"link", QPalette::Link},
        {"light", QPalette::Light},
        {"midlight", QPalette::Midlight},
        {"mid", QPalette::Mid},
        {"dark", QPalette::Dark},
        {"shadow", QPalette::Shadow},
        {"toolTipBase", QPalette::ToolTipBase},
        {"toolTipText", QPalette::ToolTipText},
        {"placeholderText", QPalette::PlaceholderText}};
    QVariantMap colors;
    for (const auto& [name, role] : roles)
        colors.insert(QLatin1String(name), palette_.color(QPalette::Active, role));
    colors.insert(QStringLiteral("disabledText"),
                  palette_.color(QPalette::Disabled, QPalette::Text));
    return colors;
}

bool AppTheme::systemPrefersDark(const QPalette& platform) {
    if (platform.color(QPalette::Window).lightness() < 128)
        return true;
    if (qEnvironmentVariable("GTK_THEME").contains(QLatin1String("dark"), Qt::CaseInsensitive))
        return true;
    return gnomePrefersDark();
}

QPalette AppTheme::darkPalette() {
    return paletteOf("#2b2d30", "#1f2023", "#27292c", "#e8eaed", "#36383b", "#3d6fb6", "#4a4c50",
                     "#80858b");
}

QPalette AppTheme::lightPalette() {
    return paletteOf("#efefef", "#ffffff", "#f7f7f7", "#202124", "#efefef", "#308cc6", "#b8b8b8",
                     "#9aa0a6");
}

void AppTheme::apply() {
    // The system is asked (gsettings may be run) only once, and only when "system" is chosen.
    auto systemDark = [this] {
        static const bool dark = systemPrefersDark(platformPalette_);
        return dark;
    };
    dark_ = mode_ == QLatin1String("dark") || (mode_ == QLatin1String("system") && systemDark());
    // The platform's own palette when it already is what "system" asks for.
    const bool platformDark = platformPalette_.color(QPalette::Window).lightness() < 128;
    palette_ = mode_ == QLatin1String("system") && platformDark == dark_
                   ? platformPalette_
                   : (dark_ ? darkPalette() : lightPalette());
    if (qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
        QGuiApplication::setPalette(palette_);
    emit changed();
}

} // namespace podplanner::views
