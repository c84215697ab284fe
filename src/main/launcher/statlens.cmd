@echo off
rem statlens launcher for Windows: runs statlens.jar (beside this file) on the Java of JAVA_HOME, else the
rem one on the PATH, with statlens' JVM defaults; STATLENS_JAVA_OPTS adds options after them (a collector it
rem names, -XX:+UseG1GC, replaces the default one: the JVM refuses two).
rem statlens.jar itself says plainly when that Java is older than 21. See docs/cli.md#the-launcher.
setlocal
set "STATLENS_JAR=%~dp0statlens.jar"
if not exist "%STATLENS_JAR%" (
  echo statlens: %STATLENS_JAR% is missing ^(build it with mvnw.cmd -q -B package -DskipTests^) 1>&2
  exit /b 1
)
set "STATLENS_JAVA=java"
if defined JAVA_HOME if exist "%JAVA_HOME%\bin\java.exe" set "STATLENS_JAVA=%JAVA_HOME%\bin\java.exe"
if "%STATLENS_JAVA%"=="java" (
  where java >nul 2>nul || (
    echo statlens needs Java 21 or newer, and found none: no JAVA_HOME, no java on the PATH. 1>&2
    echo Install a JDK 21 or newer, or set JAVA_HOME to one. 1>&2
    exit /b 1
  )
)
set "STATLENS_GC=-XX:+UseSerialGC"
echo.%STATLENS_JAVA_OPTS%| findstr /r /c:"-XX:+Use[A-Za-z]*GC" >nul && set "STATLENS_GC="
"%STATLENS_JAVA%" %STATLENS_GC% -Xmx320m -XX:Tier4InvocationThreshold=80000 -XX:Tier4MinInvocationThreshold=24000 -XX:Tier4CompileThreshold=120000 -XX:Tier4BackEdgeThreshold=1600000 -XX:FreqInlineSize=100 -XX:InlineSmallCode=1000 %STATLENS_JAVA_OPTS% -jar "%STATLENS_JAR%" %*
exit /b %ERRORLEVEL%
